import BearingLocation
import Dependencies
import Testing

@Suite struct LocationManagerTests {
  @Test func testValueFailsEveryEndpointCalledUnasked() async {
    let manager = LocationManager.testValue
    await withKnownIssue {
      await manager.requestLocation()
    }
    await withKnownIssue {
      await manager.startUpdatingLocation()
    }
    await withKnownIssue {
      _ = await manager.authorizationStatus()
    }
    withKnownIssue {
      _ = manager.delegate()
    }
  }

  @Test func theAccessorReachesTheOverriddenClient() async {
    let status = await withDependencies {
      $0.locationManager.authorizationStatus = { .restricted }
    } operation: {
      @Dependency(\.locationManager) var locationManager
      return await locationManager.authorizationStatus()
    }
    #expect(status == .restricted)
  }

  @Test func thePreviewWandersAmongTheDemoRegions() async {
    let manager = LocationManager.previewValue
    #expect(await manager.locationServicesEnabled())
    #expect(await manager.headingAvailable() == false)
    #expect(LocationManager.demoRegions.count == 3)
  }
}
